import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { T, useT } from '../../../lib/i18n/t';
import { useDates } from '../../../lib/i18n/use-dates';
import { useMarketPosts } from './market-posts-api';

/** Posts shown before 'Show more': the panel stays compact above the bids. */
const FIRST_POSTS = 2;

/**
 * 'From the elevator': the market's published posts (title, day, text as written), newest first, in a compact panel
 * on the farmer's local bids page. Nothing shows while they load, without posts, or when they cannot be read: the
 * bids are the page.
 */
export function ElevatorPosts({ marketId }: { marketId: number }) {
  const t = useT();
  const dates = useDates();
  const headingId = useId();
  const posts = useMarketPosts(marketId);
  const [all, setAll] = useState(false);
  const list = posts.data?.posts ?? [];
  if (list.length === 0) return null;
  const shown = all ? list : list.slice(0, FIRST_POSTS);
  const more = list.length - FIRST_POSTS;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 1.5, sm: 2 }, mb: 3 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <CampaignOutlinedIcon fontSize="small" color="primary" aria-hidden />
        <Typography id={headingId} variant="h2" component="h2" sx={{ fontSize: '1.05rem' }}>
          <T id="msl.posts.title" />
        </Typography>
      </Stack>
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-labelledby={headingId}>
        {shown.map((post) => (
          <Box component="li" key={post.id} sx={{ minWidth: 0 }}>
            <Box
              component="article"
              aria-label={post.title}
              sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, alignItems: 'baseline' }}
            >
              <Typography component="h3" sx={{ fontWeight: 600, fontSize: '0.95rem', overflowWrap: 'anywhere' }}>
                {post.title}
              </Typography>
              <Typography
                component="time"
                dateTime={post.publishedAt}
                title={dates.dateTime(post.publishedAt)}
                variant="caption"
                color="text.secondary"
              >
                {dates.instant(post.publishedAt)}
              </Typography>
              {post.body ? (
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ flexBasis: '100%', whiteSpace: 'pre-line', overflowWrap: 'anywhere', mt: 0.25 }}
                >
                  {post.body}
                </Typography>
              ) : null}
            </Box>
          </Box>
        ))}
      </Stack>
      {more > 0 ? (
        <Button
          size="small"
          onClick={() => setAll((v) => !v)}
          aria-expanded={all}
          sx={{ mt: 1, ml: '-5px', minWidth: 0 }}
        >
          {all ? t('msl.posts.showFewer') : t('msl.posts.showAll', { count: more })}
        </Button>
      ) : null}
    </Paper>
  );
}
