import { useEffect, useId, useRef } from 'react';
import { useSetAtom } from 'jotai';
import { CircleAlert } from 'lucide';
import { errorObjectForCode, ROUTES, translateOr } from '@join/shared';
import { useT } from '@join/shared/react';
import { Button, Icon } from '@join/shared/ui';
import type { GuidanceKind } from '@join/shared/identity';
import { suggestResidentAtom, type PendingGuidance } from '../verification/check-store';
import { PATH_ROUTES, type CheckPath } from '../verification/paths';
import { go } from '../navigation';
import { SupportContacts } from './support-contacts';

/** What a screen does itself for a guidance's button (the rest are routes of the check). */
export interface GuidanceHandlers {
  /** retake_face: the face scan again, on this screen. */
  onRetakeFace?: () => void;
  /** retry_later: the same call again. */
  onRetry?: () => void;
  /** max_sims: the kernel's max_sims_redirect (the catalogue pop-up's More Info opens the help). */
  onMoreInfo?: () => void;
  /** Any button: the screen resets what the guidance was about (a photo, a preview). */
  onAct?: (kind: GuidanceKind) => void;
}

/** Where a kind's button goes; null when the screen acts itself or there is no button. */
function routeFor(kind: GuidanceKind, path: CheckPath): string | null {
  switch (kind) {
    case 'retake_document':
    case 'other_document':
    case 'check_details':
      return PATH_ROUTES[path].document;
    case 'upload_document':
      return PATH_ROUTES[path].upload;
    case 'use_emirates_id':
      return ROUTES.activationMethod;
    default:
      return null;
  }
}

/** Whether the panel draws its button for this kind with these handlers (a screen hides its own that would say the same). */
export function guidanceHasButton(kind: GuidanceKind, handlers: GuidanceHandlers = {}): boolean {
  return kind !== 'contact' && kind !== 'ended' && (kind !== 'retry_later' || !!handlers.onRetry) && (kind !== 'max_sims' || !!handlers.onMoreInfo);
}

/**
 * A decision of the identity check the visitor can act on (DESIGN "Errors
 * help"): what happened (the catalogue's text for the code, in the page's language), what to
 * do next, and the button that does it. Announced (role=alert) and its heading focused when
 * it appears, so a screen reader starts there and a keyboard user is next to the button.
 */
export function GuidancePanel({
  pending,
  path,
  route,
  clear,
  handlers = {},
}: {
  pending: PendingGuidance;
  path: CheckPath;
  /** The route on screen: a button whose route it is resets the screen instead of navigating. */
  route: string;
  clear: () => void;
  handlers?: GuidanceHandlers;
}) {
  const t = useT();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const { kind } = pending.guidance;
  const suggestResident = useSetAtom(suggestResidentAtom);
  useEffect(() => heading.current?.focus(), [pending]);

  const what = errorObjectForCode(pending.code, translateOr).text;
  const act = () => {
    clear();
    handlers.onAct?.(kind);
    if (kind === 'use_emirates_id') suggestResident(true);
    const to = routeFor(kind, path);
    if (to !== null && to !== route) go(to);
    if (kind === 'retake_face') handlers.onRetakeFace?.();
    if (kind === 'retry_later') handlers.onRetry?.();
    if (kind === 'max_sims') handlers.onMoreInfo?.();
  };
  const hasButton = guidanceHasButton(kind, handlers);
  return (
    <div role="alert" className="alert alert--error identity-guidance" data-guidance={kind}>
      <Icon icon={CircleAlert} className="alert__icon" />
      <div className="alert__body">
        <h2 id={id} ref={heading} tabIndex={-1} className="identity-guidance__title">
          {t(`identity.guidance.${kind}.title`)}
        </h2>
        <p className="alert__text">{what}</p>
        <p className="alert__text">{t(`identity.guidance.${kind}.next`)}</p>
        {hasButton ? (
          <div className="alert__actions">
            <Button onClick={act}>{t(`identity.guidance.${kind}.action`)}</Button>
          </div>
        ) : null}
        {kind === 'contact' || kind === 'max_sims' ? (
          <SupportContacts id={`${id}-contact`} title={t('identity.contact.title')} call={t('identity.contact.call')} write={t('identity.contact.write')} />
        ) : null}
      </div>
    </div>
  );
}
