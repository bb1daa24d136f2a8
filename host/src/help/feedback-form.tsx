import { useEffect, useMemo, useRef, useState } from 'react';
import { CircleCheck, TriangleAlert } from 'lucide';
import { TextField, useZodForm } from '@join/shared/forms';
import { formSchema, isApiError, t as translate } from '@join/shared';
import { useT } from '@join/shared/react';
import { Button, Icon } from '@join/shared/ui';
import { FEEDBACK_MAX_LENGTH } from '@join/shared/help';
import { feedbackLength, feedbackTextField, helpApi, type FeedbackProblem } from '@join/shared/help';

type Status = 'editing' | 'sending' | 'sent' | 'rateLimited' | 'failed';

/** The rule's problem in the visitor's language (read when the text is checked). */
function describeProblem(p: FeedbackProblem): string {
  switch (p.kind) {
    case 'required':
      return translate('feedback.error.required');
    case 'tooLong':
      return translate('feedback.error.tooLong', { max: FEEDBACK_MAX_LENGTH, count: p.length });
    case 'forbidden':
      return translate('feedback.error.forbidden', { chars: p.chars.join(' ') });
  }
}

/**
 * The SPEC 5 feedback field: the shared rule (the API parses with the same schema), checked
 * on leaving the field and on sending; a counter of characters as the visitor sees them.
 * Sent with the route it was written on. The thank-you is announced (status region); a
 * failure keeps the text, and a refusal for sending too often says to try later.
 */
export function FeedbackForm({ route }: { route: string }) {
  const t = useT();
  const schema = useMemo(() => formSchema({ text: feedbackTextField(describeProblem) }), []);
  const form = useZodForm(schema, { text: '' });
  const [status, setStatus] = useState<Status>('editing');
  const afterSent = useRef<HTMLDivElement>(null);
  const text = form.watch('text');
  const count = feedbackLength(text);

  useEffect(() => {
    // The form is gone once sent: focus goes to what replaced the send button.
    if (status === 'sent') afterSent.current?.querySelector('button')?.focus();
  }, [status]);

  const send = form.handleSubmit(async (values) => {
    setStatus('sending');
    try {
      await helpApi.sendFeedback(values.text, route);
      form.reset({ text: '' });
      setStatus('sent');
    } catch (e) {
      setStatus(isApiError(e) && e.status === 429 ? 'rateLimited' : 'failed');
    }
  });

  return (
    <section className="help__section" aria-labelledby="feedback-title">
      <h3 id="feedback-title" className="help__heading">
        {t('feedback.title')}
      </h3>
      <div role="status" className="help__status">
        {status === 'sent' ? (
          <p className="help__thanks">
            <Icon icon={CircleCheck} />
            <span>{t('feedback.thanks')}</span>
          </p>
        ) : null}
      </div>
      {status === 'sent' ? (
        <div ref={afterSent}>
          <Button variant="secondary" onClick={() => setStatus('editing')}>
            {t('feedback.another')}
          </Button>
        </div>
      ) : (
        <form className="help__form" noValidate onSubmit={(e) => void send(e)}>
          <TextField
            form={form}
            name="text"
            label={t('feedback.label')}
            autoComplete="off"
            hint={
              <span className={count > FEEDBACK_MAX_LENGTH ? 'help__count help__count--over' : 'help__count'} dir="ltr">
                {t('feedback.count', { count, max: FEEDBACK_MAX_LENGTH })}
              </span>
            }
          />
          {status === 'rateLimited' || status === 'failed' ? (
            <p role="alert" className="help__alert">
              <Icon icon={TriangleAlert} />
              <span>{t(status === 'rateLimited' ? 'feedback.rateLimited' : 'feedback.failed')}</span>
            </p>
          ) : null}
          <Button type="submit" busy={status === 'sending'}>
            {status === 'sending' ? t('feedback.sending') : t('feedback.send')}
          </Button>
        </form>
      )}
    </section>
  );
}
