import { Box, Link, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { Fragment, useState, type ReactNode } from 'react';
import { T, useT } from '../../lib/i18n/t';

const URL_PATTERN = /https?:\/\/[^\s<>"')]*[^\s<>"').,;:!?]/g;

/** The message text with its links clickable. */
function linkify(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const index = match.index ?? 0;
    if (index > last) parts.push(text.slice(last, index));
    parts.push(
      <Link key={index} href={match[0]} sx={{ wordBreak: 'break-all' }}>
        {match[0]}
      </Link>,
    );
    last = index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/** The web links of a mail's text (the HTML's links run inside a sandbox that cannot open them), each once. */
function linksOf(text: string): string[] {
  return [...new Set(text.match(URL_PATTERN) ?? [])];
}

function PlainText({ text }: { text: string }) {
  return (
    <Typography
      component="div"
      variant="body2"
      sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', bgcolor: 'background.default', borderRadius: 1.5, p: 2 }}
    >
      {linkify(text).map((part, index) => (
        <Fragment key={index}>{part}</Fragment>
      ))}
    </Typography>
  );
}

/**
 * A mail as it arrives: its HTML in a sandboxed frame (no scripts, no navigation, its own origin: a mail cannot touch
 * the page), with a switch to its plain-text part. The links of an HTML mail are listed under it, clickable here.
 */
export function MailView({ html, text, title }: { html: string | null; text: string; title: string }) {
  const t = useT();
  const [view, setView] = useState<'html' | 'text'>(html ? 'html' : 'text');
  const links = html ? linksOf(text) : [];
  return (
    <Box>
      {html ? (
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view}
          onChange={(_event, next: 'html' | 'text' | null) => next && setView(next)}
          aria-label={t('mailbox.part')}
          sx={{ mb: 1.5 }}
        >
          <ToggleButton value="html">
            <T id="mailbox.html" />
          </ToggleButton>
          <ToggleButton value="text">
            <T id="mailbox.text" />
          </ToggleButton>
        </ToggleButtonGroup>
      ) : null}
      {html && view === 'html' ? (
        <>
          <Box
            component="iframe"
            sandbox=""
            srcDoc={html}
            title={t('mailbox.htmlOf', { subject: title })}
            sx={{
              display: 'block',
              width: '100%',
              height: { xs: 520, sm: 600 },
              border: 1,
              borderColor: 'divider',
              borderRadius: 1.5,
              bgcolor: '#fff',
            }}
          />
          {links.length > 0 ? (
            <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5 }}>
              {links.map((href) => (
                <Typography component="li" variant="body2" key={href} sx={{ overflowWrap: 'anywhere' }}>
                  <T id="mailbox.link" />{' '}
                  <Link href={href} sx={{ wordBreak: 'break-all' }}>
                    {href}
                  </Link>
                </Typography>
              ))}
            </Stack>
          ) : null}
        </>
      ) : (
        <PlainText text={text} />
      )}
    </Box>
  );
}
