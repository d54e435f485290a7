import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithIntl } from '../../../test/render-app';
import { PostsSection, type PostDelete, type PostsSectionMessages } from './components/posts-section';

// The list-of-posts section shared by the market's announcements and its posts to farmers.
const messages: PostsSectionMessages = {
  add: 'adminMarkets.posts.add',
  empty: 'adminMarkets.posts.empty',
  listLabel: 'adminMarkets.posts.listLabel',
  edit: 'adminMarkets.posts.edit',
  delete: 'adminMarkets.posts.delete',
  confirmTitle: 'adminMarkets.posts.confirmTitle',
  confirmBody: 'adminMarkets.posts.confirmBody',
  confirmDelete: 'adminMarkets.posts.confirmDelete',
  deleted: 'adminMarkets.posts.deleted',
  cancel: 'adminMarkets.cancel',
};
type Post = { id: number; version: number; title: string; body: string };
const posts: Post[] = [
  { id: 1, version: 3, title: 'Harvest hours', body: 'Open late\nuntil 9 pm' },
  { id: 2, version: 1, title: 'Scale closed', body: '' },
];

function renderSection(list: Post[] | undefined, remove: PostDelete = { mutate: vi.fn(), isPending: false }) {
  const dialog = vi.fn((editing: Post | null, onClose: () => void) => (
    <div role="dialog" aria-label="post editor">
      {editing ? `editing ${editing.title} v${editing.version}` : 'new post'}
      <button onClick={onClose}>close editor</button>
    </div>
  ));
  renderWithIntl(
    <PostsSection<Post>
      title="Posts"
      messages={messages}
      posts={list}
      error={null}
      onRetry={() => {}}
      chip={(p) => ({ color: 'success', label: `chip ${p.id}` })}
      meta={(p) => `meta ${p.id}`}
      remove={remove}
      renderDialog={dialog}
    />,
  );
  return { dialog, remove };
}

describe('PostsSection', () => {
  it('lists the posts with their chip, line and text', () => {
    renderSection(posts);
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Harvest hours');
    expect(items[0]!.textContent).toContain('chip 1');
    expect(items[0]!.textContent).toContain('meta 1');
    expect(items[0]!.textContent).toContain('Open late');
  });

  it('says there are no posts yet', () => {
    renderSection([]);
    expect(screen.getByText('No posts yet.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('opens the dialog for a new post and for the post whose Edit was pressed', () => {
    renderSection(posts);
    fireEvent.click(screen.getByRole('button', { name: 'New post' }));
    expect(screen.getByRole('dialog', { name: 'post editor' }).textContent).toContain('new post');
    fireEvent.click(screen.getByRole('button', { name: 'close editor' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /edit.*scale closed/i }));
    expect(screen.getByRole('dialog', { name: 'post editor' }).textContent).toContain('editing Scale closed v1');
  });

  it('deletes a post at its version only after the confirmation', () => {
    const mutate = vi.fn<PostDelete['mutate']>((_input, options) => options.onSuccess());
    renderSection(posts, { mutate, isPending: false });
    fireEvent.click(screen.getByRole('button', { name: /delete.*harvest hours/i }));
    expect(mutate).not.toHaveBeenCalled();
    const confirm = screen.getByRole('dialog');
    expect(confirm.textContent).toContain('Harvest hours');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete post' }));
    expect(mutate).toHaveBeenCalledWith({ kind: 'delete', id: 1, version: 3 }, expect.anything());
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
