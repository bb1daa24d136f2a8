import { useEffect, useRef, useState } from 'react';
import { useSetAtom, useStore } from 'jotai';
import { consentApi, type ConsentResponse, type OptionalPurpose } from '@join/shared/consent';
import { focusStepHeading, useT } from '@join/shared/react';
import { Button, Checkbox, Modal } from '@join/shared/ui';
import { consentAtom, writeStoredConsent } from './consent-state';

type Choice = Record<OptionalPurpose, boolean>;

/**
 * The consent choice (issue 28; DESIGN "Consent and measurement"), the lazy part of the shell's
 * consent slot. The legal texts come from GET /consent.json in the page's language, with their
 * version; the choice is recorded by POST /consent.json, then kept on this device.
 *
 * - `banner`: a short panel over the bottom of the page (its title and one short line, so it is never
 *   the first screen's largest paint), never a wall (nothing else is blocked,
 *   nothing moves: it overlays), with "Necessary only" and "Accept all" of equal weight and
 *   "Choose" for the details. A visitor whose choice the server already has for these texts (a
 *   new device of the same session's user) is not asked again.
 * - `details`: a dialog with one line per purpose (the necessary one always on) and a switch for
 *   each other: what "Choose" and the footer's "Privacy choices" open. Withdrawing is as easy as
 *   giving: the same dialog, one untick and Save.
 * Until a choice is saved nothing beyond the necessary is measured; a failed save says so and
 * keeps the panel open.
 */
export default function ConsentPanel({ mode, onClose }: { mode: 'banner' | 'details'; onClose: () => void }) {
  const t = useT();
  const setConsent = useSetAtom(consentAtom);
  const atoms = useStore();
  const [data, setData] = useState<ConsentResponse | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [details, setDetails] = useState(mode === 'details');
  const [choice, setChoice] = useState<Choice>({ analytics: false, marketing: false });
  const [saving, setSaving] = useState(false);
  const [saveFailed, setSaveFailed] = useState(false);
  const banner = useRef<HTMLElement>(null);

  useEffect(() => setDetails(mode === 'details'), [mode]);
  useEffect(() => {
    let live = true;
    consentApi.getConsent().then(
      (answer) => {
        if (!live) return;
        if (answer.choice) {
          const { version, analytics, marketing, recorded_at } = answer.choice;
          writeStoredConsent({ version, analytics, marketing, recordedAt: recorded_at });
          setConsent({ version, analytics, marketing, recordedAt: recorded_at });
          setChoice({ analytics, marketing });
          if (mode === 'banner') return onClose(); // already answered for these texts
        } else if (mode === 'banner') {
          const kept = atoms.get(consentAtom);
          // This device answered these texts (the server may not know the device's new session): it stands.
          if (kept?.version === answer.consent.version) return onClose();
          // It answered older texts: asked again, and nothing beyond the necessary is measured meanwhile.
          if (kept) setConsent(null);
        }
        setData(answer);
      },
      () => {
        if (!live) return;
        // The banner is not worth a pop-up: it asks again on the next visit (nothing is measured meanwhile).
        if (mode === 'banner') onClose();
        else setLoadFailed(true);
      },
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening
  }, []);

  const save = async (next: Choice) => {
    if (!data) return;
    setSaving(true);
    setSaveFailed(false);
    try {
      const { choice: saved } = await consentApi.saveConsent(data.consent.version, next);
      const stored = { version: saved.version, analytics: saved.analytics, marketing: saved.marketing, recordedAt: saved.recorded_at };
      writeStoredConsent(stored);
      setConsent(stored);
      // The banner is no dialog: focus that was on it goes to the step's heading, not to the page's top.
      if (banner.current?.contains(document.activeElement)) focusStepHeading();
      onClose();
    } catch {
      setSaveFailed(true);
    } finally {
      setSaving(false);
    }
  };

  const failed = saveFailed ? (
    <p className="consent__error" role="alert">
      {t('consent.failed')}
    </p>
  ) : null;

  if (details) {
    return (
      <Modal open onClose={mode === 'banner' ? () => setDetails(false) : onClose} title={t('consent.label')} labelId="consent-title" closeButton>
        {loadFailed ? (
          <p role="alert">{t('remote.failed.text')}</p>
        ) : !data ? (
          <p role="status">{t('LOADING_MESSAGE_APP')}</p>
        ) : (
          <form
            className="consent__form"
            onSubmit={(e) => {
              e.preventDefault();
              void save(choice);
            }}
          >
            <p className="consent__doc">{t('consent.version', { title: data.consent.title, version: data.consent.version })}</p>
            <p>{data.consent.summary}</p>
            <ul className="consent__purposes">
              {data.consent.purposes.map((p) =>
                p.required ? (
                  <li key={p.id} className="consent__purpose">
                    <p className="consent__purpose-title">
                      {p.title} <span className="consent__always">{t('consent.alwaysOn')}</span>
                    </p>
                    <p className="consent__purpose-text">{p.description}</p>
                  </li>
                ) : p.id === 'analytics' || p.id === 'marketing' ? (
                  <li key={p.id} className="consent__purpose">
                    <Checkbox checked={choice[p.id]} onChange={(on) => setChoice((c) => ({ ...c, [p.id]: on }))} name={p.id} hint={p.description}>
                      {p.title}
                    </Checkbox>
                  </li>
                ) : null,
              )}
            </ul>
            {failed}
            <div className="modal__actions">
              <Button type="submit" busy={saving} disabled={saving}>
                {t('consent.save')}
              </Button>
            </div>
          </form>
        )}
      </Modal>
    );
  }

  if (!data) return null;
  return (
    <section ref={banner} className="consent-banner" aria-labelledby="consent-banner-title">
      <h2 id="consent-banner-title" className="consent-banner__title">
        {t('consent.label')}
      </h2>
      {/* One short line: a longer text here became the first screen's largest paint (LCP 1.2 s to 3.4 s on a phone). */}
      <p className="consent-banner__text">{t('consent.short')}</p>
      {failed}
      <div className="consent-banner__actions">
        <Button variant="secondary" disabled={saving} onClick={() => void save({ analytics: false, marketing: false })}>
          {t('consent.necessaryOnly')}
        </Button>
        <Button variant="secondary" disabled={saving} onClick={() => void save({ analytics: true, marketing: true })}>
          {t('consent.acceptAll')}
        </Button>
        <Button variant="link" disabled={saving} aria-haspopup="dialog" onClick={() => setDetails(true)}>
          {t('consent.choose')}
        </Button>
      </div>
    </section>
  );
}
