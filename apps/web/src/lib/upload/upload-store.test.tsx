import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import type { UploadedFile } from '@granary/domain';
import { allMessages } from '../../test/messages';
import { ApiError } from '../api/api-error';
import { createUploaderStore, type SendFile } from './upload-store';
import { UploaderPanel } from './uploader-panel';

/** A transport whose uploads the test settles by hand. */
function fakeSend() {
  const calls: {
    name: string;
    progress: (p: number) => void;
    resolve: (f: UploadedFile) => void;
    reject: (e: Error) => void;
    signal: AbortSignal;
  }[] = [];
  const send: SendFile = (item, progress, signal) =>
    new Promise((resolve, reject) => {
      calls.push({ name: item.file.name, progress, resolve, reject, signal });
      signal.addEventListener('abort', () => reject(new DOMException('canceled', 'AbortError')));
    });
  return { send, calls };
}
const stored = (guid: string, name: string): UploadedFile => ({
  guid,
  parentGuid: 'applicator-licence:1',
  fileName: name,
  contentType: 'application/pdf',
  size: 4,
  sha256: 'a'.repeat(64),
  status: 'completed',
  createdAt: '2026-03-10T12:00:00.000Z',
});
const pdf = (name: string, size = 4) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });
afterEach(cleanup);
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('uploader store', () => {
  it('uploads one file at a time with progress, and tells who added it when a file is stored', async () => {
    const { send, calls } = fakeSend();
    const store = createUploaderStore(send);
    const done: string[] = [];
    store.add([pdf('a.pdf'), pdf('b.pdf')], 'applicator-licence:1', { onCompleted: (f) => done.push(f.fileName) });
    expect(store.getState().maximized).toBe(true);
    expect(store.getState().batches).toEqual([{ id: expect.any(String), size: 2 }]);
    await tick();
    expect(store.getState().items.map((i) => i.status)).toEqual(['uploading', 'pending']);
    expect(calls).toHaveLength(1);
    calls[0]!.progress(40);
    expect(store.getState().items[0]!.progress).toBe(40);
    calls[0]!.resolve(stored('11111111-1111-4111-8111-111111111111', 'a.pdf'));
    await tick();
    expect(store.getState().items[0]).toMatchObject({
      status: 'completed',
      progress: 100,
      guid: '11111111-1111-4111-8111-111111111111',
    });
    expect(store.getState().items[1]!.status).toBe('uploading');
    expect(done).toEqual(['a.pdf']);
  });

  it('refuses a wrong type or a file over 10 MB before sending it', async () => {
    const { send, calls } = fakeSend();
    const store = createUploaderStore(send);
    store.add([new File(['x'], 'notes.txt', { type: 'text/plain' }), pdf('huge.pdf', 10 * 1024 * 1024 + 1)], 'p:1');
    await tick();
    expect(calls).toHaveLength(0);
    expect(store.getState().items.map((i) => [i.status, i.error?.code])).toEqual([
      ['error', 'upload_type_not_allowed'],
      ['error', 'upload_too_large'],
    ]);
  });

  it('cancels, retries a failed or canceled file, and Clear removes completed and canceled files only', async () => {
    const { send, calls } = fakeSend();
    const store = createUploaderStore(send);
    const [a, b, c] = store.add([pdf('a.pdf'), pdf('b.pdf'), pdf('c.pdf')], 'p:1');
    await tick();
    store.cancel(a!); // uploading → aborted
    await tick();
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(store.getState().items.map((i) => i.status)).toEqual(['canceled', 'uploading', 'pending']);
    calls[1]!.reject(new ApiError(0, 'disconnected', 'Please check your internet connection.'));
    await tick();
    expect(store.getState().items[1]).toMatchObject({ status: 'error', error: { code: 'disconnected' } });
    calls[2]!.resolve(stored('33333333-3333-4333-8333-333333333333', 'c.pdf'));
    await tick();

    store.retry(b!);
    await tick();
    expect(store.getState().items[1]!.status).toBe('uploading');
    calls[3]!.resolve(stored('22222222-2222-4222-8222-222222222222', 'b.pdf'));
    await tick();
    store.retry(a!);
    await tick();
    expect(store.getState().items[0]!.status).toBe('uploading');
    store.cancel(a!);
    await tick();

    store.clear();
    expect(store.getState().items).toEqual([]);
    expect(store.getState().batches).toEqual([]);
    expect(c).toBeDefined();
  });

  it('keeps a failed file when clearing', async () => {
    const store = createUploaderStore(fakeSend().send);
    store.add([new File(['x'], 'notes.txt', { type: 'text/plain' })], 'p:1');
    store.clear();
    expect(store.getState().items).toHaveLength(1);
  });
});

describe('uploader panel', () => {
  const renderPanel = (store: ReturnType<typeof createUploaderStore>) =>
    render(
      <IntlProvider locale="en" messages={allMessages}>
        <UploaderPanel store={store} />
      </IntlProvider>,
    );

  it('shows nothing without files; adding a file maximizes it; it minimizes and maximizes; Clear empties it', async () => {
    const { send, calls } = fakeSend();
    const store = createUploaderStore(send);
    renderPanel(store);
    expect(screen.queryByRole('region', { name: 'File uploads' })).toBeNull();
    act(() => void store.add([pdf('licence.pdf')], 'p:1'));
    await act(tick);
    const panel = screen.getByRole('region', { name: 'File uploads' });
    expect(panel.textContent).toContain('licence.pdf');
    expect(panel.textContent).toContain('Uploading 0%');
    act(() => calls[0]!.progress(55));
    expect(panel.textContent).toContain('Uploading 55%');
    await act(async () => {
      calls[0]!.resolve(stored('11111111-1111-4111-8111-111111111111', 'licence.pdf'));
      await tick();
    });
    expect(panel.textContent).toContain('Completed');

    fireEvent.click(screen.getByRole('button', { name: 'Hide uploads' }));
    expect(screen.queryByText('licence.pdf')).toBeNull();
    expect(panel.textContent).toContain('1 of 1 done');
    fireEvent.click(screen.getByRole('button', { name: 'Show uploads' }));
    expect(screen.getByText('licence.pdf')).toBeTruthy();

    act(() => void store.setMaximized(false));
    act(() => void store.add([new File(['x'], 'notes.txt', { type: 'text/plain' })], 'p:1'));
    expect(screen.getByText('notes.txt')).toBeTruthy(); // adding maximizes it again
    expect(panel.textContent).toContain('Failed: Only PDF, PNG and JPEG files can be uploaded.');

    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByText('licence.pdf')).toBeNull();
    expect(screen.getByText('notes.txt')).toBeTruthy();
  });

  it('cancels and retries from the row', async () => {
    const { send, calls } = fakeSend();
    const store = createUploaderStore(send);
    renderPanel(store);
    act(() => void store.add([pdf('scan.pdf')], 'p:1'));
    await act(tick);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Cancel upload of scan.pdf' }));
      await tick();
    });
    expect(screen.getByRole('region', { name: 'File uploads' }).textContent).toContain('Canceled');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Retry upload of scan.pdf' }));
      await tick();
    });
    expect(calls).toHaveLength(2);
    expect(screen.getByRole('region', { name: 'File uploads' }).textContent).toContain('Uploading 0%');
  });
});
