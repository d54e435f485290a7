import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import {
  Box,
  Chip,
  Link,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { formatNumber, type StoreProductDetail } from '@granary/domain';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { MessageId } from '../../lib/i18n/messages';
import { T, useT } from '../../lib/i18n/t';
import { SellerName } from './components/product-card';
import { useStoreLocale } from './components/use-store-locale';

// The product page's sections below the fold: description, active ingredients, pests, documents and the seller.

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mt: 4 }}>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export function ProductDescription({ product }: { product: StoreProductDetail }) {
  const t = useT();
  return (
    <Block title={t('store.product.description')}>
      <Typography sx={{ maxWidth: 820 }}>{product.description}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        <T id="store.product.manufacturer" values={{ name: product.manufacturer }} />
      </Typography>
    </Block>
  );
}

/** The active ingredients: name (a link to the ingredient), concentration, mode of action. */
export function ProductIngredients({ product }: { product: StoreProductDetail }) {
  const t = useT();
  const { href } = useStoreLocale();
  if (product.activeIngredients.length === 0) return null;
  return (
    <Block title={t('store.product.ingredients')}>
      <Table size="small" sx={{ maxWidth: 720 }}>
        <TableHead>
          <TableRow>
            <TableCell>
              <T id="store.product.ingredientColumn" />
            </TableCell>
            <TableCell>
              <T id="store.product.concentrationColumn" />
            </TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
              <T id="store.product.moaColumn" />
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {product.activeIngredients.map((i) => (
            <TableRow key={i.slug}>
              <TableCell>
                <Link component={RouterLink} to={href(`/direct/ingredient/${i.slug}`)}>
                  {i.name}
                </Link>
              </TableCell>
              <TableCell>{`${formatNumber(i.concentration, { maxFractionDigits: 3 })} ${i.unit}`}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{i.modeOfAction || '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Block>
  );
}

/** The pests it controls, each a link to the pest's page. */
export function ProductPests({ product }: { product: StoreProductDetail }) {
  const t = useT();
  const { href } = useStoreLocale();
  if (product.pests.length === 0) return null;
  return (
    <Block title={t('store.product.pests')}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {product.pests.map((p) => (
          <Chip
            key={p.slug}
            component={RouterLink}
            to={href(`/direct/pest/${p.slug}`)}
            clickable
            variant="outlined"
            label={p.name}
          />
        ))}
      </Stack>
    </Block>
  );
}

/** The specimen label, safety data sheet and other documents, each with the day it was revised. */
export function ProductDocuments({ product }: { product: StoreProductDetail }) {
  const t = useT();
  const { href } = useStoreLocale();
  return (
    <Block title={t('store.product.documents')}>
      {product.documents.length === 0 ? (
        <Typography color="text.secondary">
          <T id="store.product.noDocuments" />
        </Typography>
      ) : (
        <List dense sx={{ maxWidth: 520 }}>
          {product.documents.map((d) => (
            <ListItem key={d.type} disableGutters>
              <ListItemIcon sx={{ minWidth: 36 }}>
                <PictureAsPdfOutlinedIcon color="error" />
              </ListItemIcon>
              <ListItemText
                primary={
                  <Link
                    component={RouterLink}
                    to={href(`/direct/product/${product.slug}/${d.type}`)}
                    sx={{ fontWeight: 600 }}
                  >
                    <T id={`store.doc.${d.type}` as MessageId} />
                  </Link>
                }
                secondary={<T id="store.doc.revised" values={{ date: d.revisedOn }} />}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Block>
  );
}

/** Who sells it: name, where it ships from, its description. */
export function ProductSeller({ product }: { product: StoreProductDetail }) {
  const t = useT();
  return (
    <Block title={t('store.product.seller')}>
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 520 }}>
        <Typography sx={{ fontWeight: 700 }}>
          <SellerName seller={product.seller} />
        </Typography>
        {product.seller.location ? (
          <Typography variant="body2" color="text.secondary">
            <T id="store.marketplace.shipsFrom" values={{ location: product.seller.location }} />
          </Typography>
        ) : null}
        <Typography variant="body2" sx={{ mt: 1 }}>
          {product.seller.description}
        </Typography>
      </Paper>
    </Block>
  );
}
