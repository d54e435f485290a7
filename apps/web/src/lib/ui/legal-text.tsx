import { parseLegalText, type LegalSpan } from '@granary/domain';
import { Box, Typography } from '@mui/material';

function Spans({ spans }: { spans: readonly LegalSpan[] }) {
  return (
    <>
      {spans.map((span, i) =>
        span.bold ? (
          <Box component="strong" key={i} sx={{ fontWeight: 700 }}>
            {span.text}
          </Box>
        ) : (
          <span key={i}>{span.text}</span>
        ),
      )}
    </>
  );
}

/**
 * A legal text (parseLegalText's headings, paragraphs, lists and bold) as elements. Only text nodes are made, never
 * HTML from the text, so an edited text cannot inject markup or scripts. Used by the legal pages and the editor's preview.
 */
export function LegalTextView({ body }: { body: string }) {
  return (
    <>
      {parseLegalText(body).map((block, i) => {
        if (block.kind === 'heading') {
          return (
            <Typography
              key={i}
              component={block.level === 2 ? 'h2' : 'h3'}
              sx={{ fontWeight: 700, fontSize: block.level === 2 ? 19 : 17, mt: 3, mb: 1 }}
            >
              <Spans spans={block.spans} />
            </Typography>
          );
        }
        if (block.kind === 'list') {
          return (
            <Box component="ul" key={i} sx={{ pl: 3, my: 1.5, lineHeight: 1.7 }}>
              {block.items.map((item, j) => (
                <li key={j}>
                  <Spans spans={item} />
                </li>
              ))}
            </Box>
          );
        }
        return (
          <Typography key={i} sx={{ lineHeight: 1.7, my: 1.5 }}>
            <Spans spans={block.spans} />
          </Typography>
        );
      })}
    </>
  );
}
