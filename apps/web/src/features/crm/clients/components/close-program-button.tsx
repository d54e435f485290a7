import type { SustainabilityProgram, SustainabilityProgramBody } from '@granary/domain';
import { Button } from '@mui/material';
import { useState } from 'react';
import { T, useT } from '../../../../lib/i18n/t';
import { ConfirmDialog } from '../../../../lib/ui/confirm-dialog';
import { useSaveSustainabilityProgram } from '../api/sustainability-enrolments';

/** The program as the PUT takes it back. */
function programBody(p: SustainabilityProgram): SustainabilityProgramBody {
  return {
    cropId: p.cropId,
    cropYear: p.cropYear,
    name: p.name,
    description: p.description,
    premium: p.premium,
    premiumUnit: p.premiumUnit,
    practices: p.practices,
    enrolmentOpens: p.enrolmentOpens,
    enrolmentCloses: p.enrolmentCloses,
    maxAcres: p.maxAcres,
    status: p.status,
    questions: p.questions,
  };
}

/**
 * Close of a sustainability program on the CRM's programs table: asks first (the app's ConfirmDialog, as billing's
 * removal), then sends the program back with status closed; a refusal goes to `onFailure` (null when it starts).
 */
export function CloseProgramButton({
  platformId,
  marketId,
  program: p,
  onFailure,
}: {
  platformId: number;
  marketId: number;
  program: SustainabilityProgram;
  onFailure: (message: string | null) => void;
}) {
  const t = useT();
  const save = useSaveSustainabilityProgram(platformId, marketId);
  const [asking, setAsking] = useState(false);
  const close = () => {
    onFailure(null);
    save.mutate(
      { programId: p.id, body: { ...programBody(p), status: 'closed' } },
      {
        onSettled: () => setAsking(false),
        onError: (error) => onFailure(error instanceof Error ? error.message : t('crmPrograms.failed')),
      },
    );
  };
  return (
    <>
      <Button
        size="small"
        disabled={save.isPending}
        onClick={() => setAsking(true)}
        aria-label={t('crmPrograms.closeOf', { name: p.name })}
      >
        <T id="crmPrograms.close" />
      </Button>
      {asking ? (
        <ConfirmDialog
          title={<T id="crmPrograms.closeTitle" values={{ name: p.name }} />}
          body={<T id="crmPrograms.closeBody" values={{ name: p.name }} />}
          confirmLabel={<T id="crmPrograms.close" />}
          cancelLabel={<T id="sustainability.cancel" />}
          busy={save.isPending}
          onClose={() => setAsking(false)}
          onConfirm={close}
        />
      ) : null}
    </>
  );
}
