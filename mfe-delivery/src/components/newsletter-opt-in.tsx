import { useEffect, useRef, useState } from 'react';
import { PREFERENCE_IDS } from '@join/shared';
import { useT } from '@join/shared/react';
import { Card, Checkbox, LiveRegion } from '@join/shared/ui';
import { deliveryApi } from '@join/shared/delivery';

/**
 * The newsletter opt-in on the thank-you page (SPEC 3 preference 10; issue 28: marketing only by a
 * clear yes). Unticked unless the visitor has said yes before (their answer is read back from
 * GET /me/preferences); each tick or untick is saved at once (POST /me/preferences 10) and
 * announced, so withdrawing is as easy as giving. A failed save puts the box back as it was and
 * says so (role="alert" at the box). Nothing about it is measured.
 */
export function NewsletterOptIn() {
  const t = useT();
  const [checked, setChecked] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState('');
  // Once the visitor has touched the box, a late read of the stored answer does not overrule them.
  const touched = useRef(false);

  useEffect(() => {
    let live = true;
    deliveryApi.preferences().then(
      ({ preferences }) => {
        const given = preferences.find((p) => p.PreferenceID === PREFERENCE_IDS.newsletterHelper)?.Value === true;
        if (live && !touched.current) setChecked(given);
      },
      // Unread: the box stays unticked (no consent is assumed), and a tick still saves.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  const change = async (next: boolean) => {
    touched.current = true;
    setChecked(next);
    setError(null);
    setSaved('');
    setSaving(true);
    try {
      await deliveryApi.setNewsletter(next);
      setSaved(t(next ? 'delivery.newsletter.on' : 'delivery.newsletter.off'));
    } catch {
      setChecked(!next);
      setError(t('delivery.newsletter.failed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card as="section" aria-labelledby="newsletter-heading" className="delivery-newsletter">
      <h2 id="newsletter-heading" className="delivery-subheading">
        {t('delivery.newsletter.title')}
      </h2>
      <Checkbox checked={checked} onChange={(v) => void change(v)} disabled={saving} error={error} hint={t('delivery.newsletter.hint')} name="newsletter">
        {t('delivery.newsletter.label')}
      </Checkbox>
      <LiveRegion message={saved} />
    </Card>
  );
}
