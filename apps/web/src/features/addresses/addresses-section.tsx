import { ADDRESS_TYPES, type AddressType } from '@granary/domain';
import { Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useEnterprise } from '../../lib/enterprise/enterprise-api';
import type { EnterpriseSectionProps } from '../../lib/enterprise/enterprise-section';
import { T, useT } from '../../lib/i18n/t';
import { showToast } from '../../lib/toast/toast-store';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import { BookSection } from './book-frame';
import { AddressDialog } from './address-dialog';
import { AddressGeocodeLine } from './address-geocode';
import { useAddresses, useAddressWrites, type BookAddress } from './addresses-api';

/** How an address reads on one or two lines: the street, or the legal land location with its province. */
function addressLines(a: BookAddress): string[] {
  if (a.format === 'can_lll') return [`${a.legalLandLocation ?? ''} ${a.region}`.trim(), a.postalCode].filter(Boolean);
  return [
    [a.line1, a.line2].filter(Boolean).join(', '),
    [a.city, [a.region, a.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', '),
  ].filter(Boolean);
}

/**
 * The farm business's address book (platform.md 3.4; decision 051): addresses by type, postal or legal land location,
 * the one default billing address, added, edited and removed by the owner or a member with has_manage. The store's
 * checkout offers the same addresses.
 */
export function AddressesSection({ enterpriseId }: EnterpriseSectionProps) {
  const t = useT();
  const enterprise = useEnterprise(enterpriseId);
  const query = useAddresses(enterpriseId);
  const writes = useAddressWrites(enterpriseId);
  const [editing, setEditing] = useState<BookAddress | 'new' | null>(null);
  const [removing, setRemoving] = useState<BookAddress | null>(null);
  const canManage = Boolean(enterprise?.permissions?.hasManage);
  const country = (['USA', 'CAN', 'AUS'] as const).find((c) => c === enterprise?.location?.country) ?? 'USA';
  const failed = (error: unknown) =>
    showToast(
      error instanceof Error && error.message ? { text: error.message } : { messageId: 'addresses.saveFailed' },
      {
        severity: 'error',
      },
    );

  return (
    <>
      <BookSection
        titleId="addresses.title"
        subtitleId="addresses.subtitle"
        addId="addresses.add"
        emptyId="addresses.empty"
        loadFailedId="addresses.loadFailed"
        canManage={canManage}
        showReadOnly={!canManage && Boolean(enterprise?.permissions)}
        query={query}
        onAdd={() => setEditing('new')}
      >
        {(addresses) => (
          <Stack spacing={3}>
            {ADDRESS_TYPES.map((type) => {
              const ofType = addresses.filter((a) => a.addressType === type);
              if (ofType.length === 0) return null;
              return (
                <Box key={type} component="section" aria-label={t(`addresses.type.${type}`)}>
                  <Typography variant="subtitle2" component="h3" color="text.secondary" sx={{ mb: 1 }}>
                    <T id={`addresses.type.${type}`} />
                  </Typography>
                  <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
                    {ofType.map((a) => (
                      <AddressCard
                        key={a.id}
                        enterpriseId={enterpriseId}
                        address={a}
                        canManage={canManage}
                        onEdit={() => setEditing(a)}
                        onRemove={() => setRemoving(a)}
                        onDefault={() =>
                          writes.setDefault.mutate(a.id, {
                            onSuccess: () => showToast({ messageId: 'addresses.defaultSet' }, { severity: 'success' }),
                            onError: failed,
                          })
                        }
                      />
                    ))}
                  </Box>
                </Box>
              );
            })}
          </Stack>
        )}
      </BookSection>
      {editing ? (
        <AddressDialog
          address={editing === 'new' ? null : editing}
          defaultType={
            (query.data?.some((a) => a.addressType === 'default_billing_address')
              ? 'shipping_address'
              : 'default_billing_address') satisfies AddressType
          }
          defaultCountry={country}
          onSave={(type, values) =>
            writes.save.mutateAsync({ id: editing === 'new' ? null : editing.id, type, values })
          }
          onClose={() => setEditing(null)}
        />
      ) : null}
      {removing ? (
        <ConfirmDialog
          title={<T id="addresses.removeTitle" />}
          body={<T id="addresses.removeBody" values={{ address: addressLines(removing).join(', ') }} />}
          confirmLabel={<T id="addresses.remove" />}
          cancelLabel={<T id="addresses.cancel" />}
          busy={writes.remove.isPending}
          onConfirm={() =>
            writes.remove.mutate(removing, {
              onSuccess: () => {
                setRemoving(null);
                showToast({ messageId: 'addresses.removed' }, { severity: 'success' });
              },
              onError: failed,
            })
          }
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </>
  );
}

function AddressCard({
  enterpriseId,
  address: a,
  canManage,
  onEdit,
  onRemove,
  onDefault,
}: {
  enterpriseId: number;
  address: BookAddress;
  canManage: boolean;
  onEdit: () => void;
  onRemove: () => void;
  onDefault: () => void;
}) {
  const isDefault = a.addressType === 'default_billing_address';
  const lines = addressLines(a);
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{a.name || lines[0]}</Typography>
        {isDefault ? <Chip size="small" color="primary" label={<T id="addresses.default" />} /> : null}
        {a.format === 'can_lll' ? (
          <Chip size="small" variant="outlined" label={<T id="addresses.format.can_lll" />} />
        ) : null}
      </Stack>
      {(a.name ? lines : lines.slice(1)).map((line) => (
        <Typography key={line} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {line}
        </Typography>
      ))}
      {a.instructions ? (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {a.instructions}
        </Typography>
      ) : null}
      <AddressGeocodeLine enterpriseId={enterpriseId} addressId={a.id} />
      {canManage ? (
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
          <Button size="small" onClick={onEdit}>
            <T id="addresses.editShort" />
          </Button>
          {isDefault ? null : (
            <Button size="small" onClick={onDefault}>
              <T id="addresses.makeDefault" />
            </Button>
          )}
          <Button size="small" color="error" onClick={onRemove}>
            <T id="addresses.remove" />
          </Button>
        </Stack>
      ) : null}
    </Paper>
  );
}
