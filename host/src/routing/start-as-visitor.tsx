import { useEffect } from 'react';
import { browserLocation } from '../shell/browser-location';
import { AppLoading } from '../shell/screens';

/**
 * A page started on the operations page has no visitor session (start-up made none, issue 28): an
 * address of the flow reached from there loads the page again, so that start-up makes the visitor's.
 */
export function StartAsVisitor() {
  useEffect(() => browserLocation.reload(), []);
  return <AppLoading />;
}
