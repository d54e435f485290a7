import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithIntl } from '../../test/render-app';
import { SkipLink } from './skip-link';

describe('SkipLink', () => {
  it('is a link to the main content that moves focus there', () => {
    renderWithIntl(
      <>
        <SkipLink />
        <nav>
          <a href="/crm">Header link</a>
        </nav>
        <main id="main" tabIndex={-1}>
          Page
        </main>
      </>,
    );
    const link = screen.getByRole('link', { name: 'Skip to main content' });
    expect(link.getAttribute('href')).toBe('#main');
    fireEvent.click(link);
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });
});
