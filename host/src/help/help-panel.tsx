import { useAtomValue } from 'jotai';
import { LifeBuoy } from 'lucide';
import { numberAtom, startParamsAtom } from '@join/shared';
import { useT } from '@join/shared/react';
import { Icon } from '@join/shared/ui';
import { FeedbackForm } from './feedback-form';
import { HelpContacts } from './help-contacts';
import { helpTopicFor } from './help-topic';
import './help.css';

/**
 * What the help modal holds: help for the step the visitor is on, the ways to reach the
 * operator, and the feedback field. Loaded when help is first opened (help-modal.tsx), so
 * the form library and these texts stay out of the shell's first download.
 */
export default function HelpPanel({ path }: { path: string }) {
  const t = useT();
  const held = useAtomValue(numberAtom);
  const start = useAtomValue(startParamsAtom);
  const topic = helpTopicFor(path, { vipSearch: Boolean(start.vip), heldVanityLevel: held?.VanityLevelId ?? null });
  return (
    <div className="help">
      <p>{t('help.text')}</p>
      <section className="help__section help__topic" aria-labelledby="help-topic-title" data-help-topic={topic}>
        <h3 id="help-topic-title" className="help__heading">
          <Icon icon={LifeBuoy} />
          <span>{t(`help.${topic}.title`)}</span>
        </h3>
        <p>{t(`help.${topic}.text`)}</p>
      </section>
      <HelpContacts />
      <FeedbackForm route={path} />
    </div>
  );
}
