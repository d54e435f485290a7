import type { ClientProfile } from '@granary/domain';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { isApiError } from '../../../../lib/api/api-error';
import { useT } from '../../../../lib/i18n/t';
import type { MessageId } from '../../../../lib/i18n/messages';
import { useUpdateClientSummary } from '../api/update-client-summary';
import { checkSummaryValue, type SummaryField } from '../summary-fields';
import type { PanelNotice } from './notice-alert';

export const FARM_FIELD_LABELS: Readonly<Record<SummaryField, MessageId>> = {
  area: 'crm.client.field.area',
  estimatedYield: 'crm.client.field.estimatedYield',
  estimatedStorage: 'crm.client.field.estimatedStorage',
  contractedWithOther: 'crm.client.field.contractedWithOther',
};

export function currentValue(profile: ClientProfile, field: SummaryField): string | null {
  return field === 'contractedWithOther' ? profile.summary.contractedWithOther : profile.summary[field];
}

/**
 * The one farm detail being edited at a time: its typed value and check, saving with If-Match (a value left as it
 * was just closes the editor), a 412 kept as `conflict` with the typed value, Escape to cancel, and the keyboard
 * back on the field's button once the editor is gone.
 */
export function useFarmFieldEditor({
  profile,
  etag,
  platformId,
  marketId,
}: {
  profile: ClientProfile;
  etag: string;
  platformId: number;
  marketId: number;
}) {
  const t = useT();
  const mutation = useUpdateClientSummary(platformId, marketId, profile.legalEntityId);
  const [editing, setEditing] = useState<SummaryField | null>(null);
  const [draft, setDraft] = useState('');
  const [conflict, setConflict] = useState(false);
  const [notice, setNotice] = useState<PanelNotice | null>(null);
  // After a save or cancel, the keyboard goes back to the field's button (the editor it was in is gone).
  const buttons = useRef<Partial<Record<SummaryField, HTMLButtonElement | null>>>({});
  const [refocus, setRefocus] = useState<SummaryField | null>(null);
  useEffect(() => {
    if (refocus && editing === null) {
      buttons.current[refocus]?.focus();
      setRefocus(null);
    }
  }, [refocus, editing]);

  const start = (field: SummaryField) => {
    setEditing(field);
    setDraft(currentValue(profile, field) ?? '');
    setConflict(false);
    setNotice(null);
    mutation.reset();
  };
  const cancel = () => {
    setRefocus(editing);
    setEditing(null);
    setConflict(false);
    mutation.reset();
  };

  const check = editing ? checkSummaryValue(editing, draft) : null;

  const save = (event?: FormEvent) => {
    event?.preventDefault();
    if (!editing || !check?.ok || mutation.isPending) return;
    if (!conflict && check.value === currentValue(profile, editing)) {
      cancel();
      return;
    }
    const field = editing;
    mutation.mutate(
      { patch: { [field]: check.value }, ifMatch: etag },
      {
        onSuccess: () => {
          setRefocus(field);
          setEditing(null);
          setConflict(false);
          setNotice({
            severity: 'success',
            id: 'crm.client.field.saved',
            values: { field: t(FARM_FIELD_LABELS[field]) },
          });
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 412) {
            setConflict(true);
            setNotice({ severity: 'warning', id: 'crm.client.field.conflict' });
          } else {
            setNotice({
              severity: 'error',
              id: 'crm.client.field.saveFailed',
              values: { message: error instanceof Error ? error.message : '' },
            });
          }
        },
      },
    );
  };

  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      cancel();
    }
  };

  return {
    editing,
    draft,
    setDraft,
    check,
    conflict,
    saving: mutation.isPending,
    notice,
    setNotice,
    buttons,
    start,
    cancel,
    save,
    onKey,
  };
}
