import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithIntl } from '../../test/render-app';
import { UpdateScreen } from './update-screen';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('UpdateScreen', () => {
  it('counts down from 5 seconds, then reloads', () => {
    const onReload = vi.fn();
    renderWithIntl(<UpdateScreen onReload={onReload} />);
    expect(screen.getByRole('heading', { name: 'There is a new update' })).toBeTruthy();
    expect(screen.getByText('The application will reload in 5 seconds...')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('The application will reload in 4 seconds...')).toBeTruthy();
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByText('The application will reload in 1 second...')).toBeTruthy();
    expect(onReload).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('The application will reload in 0 seconds...')).toBeTruthy();
    expect(onReload).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(5000));
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it('reloads at once with Reload Now', () => {
    const onReload = vi.fn();
    renderWithIntl(<UpdateScreen onReload={onReload} />);
    fireEvent.click(screen.getByRole('button', { name: 'Reload Now' }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });
});
