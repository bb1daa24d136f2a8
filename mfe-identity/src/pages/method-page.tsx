import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { IdCard, Plane, Smartphone, Truck } from 'lucide';
import { bus, serverFlowContextAtom, type SimType } from '@join/shared';
import { useFocusStepHeading, useT } from '@join/shared/react';
import { Button, RadioCards, StepHeading } from '@join/shared/ui';
import { identityApi } from '@join/shared/identity';
import { useAction } from '../hooks/use-action';
import { checkAtom, EMPTY_CHECK, guidanceAtom, suggestResidentAtom } from '../verification/check-store';
import type { CheckPath } from '../verification/paths';

/**
 * /activation_method (SPEC 2): two questions and one Continue. Where the
 * visitor lives decides the document (Emirates ID or passport) and the path; the SIM type what
 * they need and how the SIM reaches them. The server's answers are preselected (a return to
 * change one). Continue stores both (the answer brings the new flow status) and tells the host, which routes
 * a resident to the document scan and a visitor to the id check.
 */
export function MethodPage() {
  const t = useT();
  const server = useAtomValue(serverFlowContextAtom);
  const suggestResident = useAtomValue(suggestResidentAtom);
  const setCheck = useSetAtom(checkAtom);
  const setGuidance = useSetAtom(guidanceAtom);
  const setSuggest = useSetAtom(suggestResidentAtom);
  const [residency, setResidency] = useState<CheckPath | null>(suggestResident ? 'resident' : (server?.resident_type ?? null));
  const [sim, setSim] = useState<SimType | null>(server?.sim_type ?? null);
  const [missing, setMissing] = useState(false);
  const action = useAction();
  useFocusStepHeading('activation_method');

  const physicalHint =
    residency === 'resident' ? 'identity.method.sim.physicalResident' : residency === 'non_resident' ? 'identity.method.sim.physicalVisitor' : 'identity.method.sim.physicalAny';

  const submit = () => {
    if (!residency || !sim) {
      setMissing(true);
      return;
    }
    void action.run(async () => {
      await identityApi.chooseActivationMethod({ resident_type: residency, sim_type: sim });
      // A new answer starts the check afresh: nothing of a document sent on the other path applies.
      setCheck({ ...EMPTY_CHECK, path: residency });
      setGuidance(null);
      setSuggest(false);
      bus.emit('identity:method-chosen', { residentType: residency, simType: sim });
    });
  };

  return (
    <section className="identity-check identity-method" aria-labelledby="step-heading">
      <StepHeading>{t('STEP_TITLE_ACTIVATION_METHOD')}</StepHeading>
      <p>{t('identity.method.intro')}</p>
      <form
        className="identity-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <RadioCards<CheckPath>
          name="resident_type"
          legend={t('identity.method.residency.legend')}
          value={residency}
          onChange={setResidency}
          error={missing && !residency ? t('identity.method.required.residency') : undefined}
          options={[
            { value: 'resident', icon: IdCard, label: t('identity.method.residency.resident'), description: t('identity.method.residency.residentHint') },
            { value: 'non_resident', icon: Plane, label: t('identity.method.residency.visitor'), description: t('identity.method.residency.visitorHint') },
          ]}
        />
        <RadioCards<SimType>
          name="sim_type"
          legend={t('identity.method.sim.legend')}
          value={sim}
          onChange={setSim}
          error={missing && !sim ? t('identity.method.required.sim') : undefined}
          options={[
            { value: 'esim', icon: Smartphone, label: t('identity.method.sim.esim'), description: t('identity.method.sim.esimHint') },
            { value: 'physical', icon: Truck, label: t('identity.method.sim.physical'), description: t(physicalHint) },
          ]}
        />
        <Button type="submit" busy={action.busy}>
          {t('identity.method.continue')}
        </Button>
      </form>
    </section>
  );
}
