import { useFocusStepHeading, useT } from '@join/shared/react';
import { Button, StepHeading } from '@join/shared/ui';

interface StopScreenProps {
  /** The screen's name for the focus on its heading (useFocusStepHeading). */
  name: string;
  /** The texts' prefix: `<texts>.title`, `<texts>.text` and the button's `<texts>.action`. */
  texts: string;
  /** Where the button leads. */
  onAction: () => void;
}

/** A screen of the check that cannot go on from here: why, and the one button to where it can. */
export function StopScreen({ name, texts, onAction }: StopScreenProps) {
  const t = useT();
  useFocusStepHeading(name);
  return (
    <section className="identity-check" aria-labelledby="step-heading">
      <StepHeading>{t(`${texts}.title`)}</StepHeading>
      <p>{t(`${texts}.text`)}</p>
      <div className="identity-actions">
        <Button onClick={onAction}>{t(`${texts}.action`)}</Button>
      </div>
    </section>
  );
}
