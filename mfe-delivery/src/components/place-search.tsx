import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLanguage, useT } from '@join/shared/react';
import { describedBy, FieldFrame } from '@join/shared/ui';
import { deliveryApi, PLACES_DEBOUNCE_MS, PLACES_MIN_CHARS, type Place } from '@join/shared/delivery';
import { PlaceName } from './place-name';

/**
 * The places search (a combobox with a list, ARIA APG pattern): searches the UAE's places from
 * PLACES_MIN_CHARS typed characters, PLACES_DEBOUNCE_MS after the last key (SPEC 9). Down/Up move
 * through the results, Enter chooses, Escape closes the list (and clears the text when it is
 * already closed). How many results came is announced; the search is the server's, restricted to
 * the UAE there.
 */
export function PlaceSearch({ onChoose, emirateName }: { onChoose: (p: Place) => void; emirateName: (code: string) => string }) {
  const t = useT();
  const { language } = useLanguage();
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  // The name of the place just chosen: written into the field, it is no new search.
  const chosen = useRef<string | null>(null);

  useEffect(() => {
    const q = text.trim();
    if (q.length < PLACES_MIN_CHARS || q === chosen.current) {
      setQuery('');
      return;
    }
    const timer = setTimeout(() => setQuery(q), PLACES_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const places = useQuery({
    queryKey: ['delivery', 'places', query, language],
    queryFn: () => deliveryApi.places(query, language).then((r) => r.places),
    enabled: query !== '',
    staleTime: 60_000,
    retry: false,
  });
  const results = query !== '' ? (places.data ?? []) : [];
  useEffect(() => {
    setActive(-1);
    if (query !== '' && places.data) setOpen(true);
  }, [places.data, query]);

  const choose = (p: Place) => {
    chosen.current = p.name.trim();
    setText(p.name);
    setOpen(false);
    setActive(-1);
    onChoose(p);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (results.length === 0) return;
      e.preventDefault();
      setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + results.length) % results.length);
    } else if (e.key === 'Enter') {
      if (open && active >= 0 && results[active]) {
        e.preventDefault();
        choose(results[active]);
      }
    } else if (e.key === 'Escape') {
      if (open) setOpen(false);
      else setText('');
      setActive(-1);
    }
  };

  const status =
    query === ''
      ? ''
      : places.isFetching
        ? t('delivery.search.searching')
        : places.isError
          ? ''
          : results.length === 0
            ? t('delivery.search.none')
            : t('delivery.search.results', { count: results.length });
  const expanded = open && results.length > 0;
  return (
    <div className="delivery-search">
      <FieldFrame id={id} label={t('delivery.search.label')} hint={t('delivery.search.hint', { count: PLACES_MIN_CHARS })} error={places.isError ? t('delivery.search.failed') : undefined}>
        <input
          ref={input}
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          aria-describedby={describedBy(id, true, places.isError)}
          value={text}
          onChange={(e) => {
            chosen.current = null;
            setText(e.currentTarget.value);
            setOpen(false);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
        />
      </FieldFrame>
      <ul id={listId} role="listbox" aria-label={t('delivery.search.label')} className="delivery-search__list" hidden={!expanded}>
        {results.map((p, i) => (
          <li
            key={p.id}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className="delivery-search__option"
            // mousedown, not click: the input's blur would close the list first.
            onMouseDown={(e) => {
              e.preventDefault();
              choose(p);
            }}
          >
            <span>
              <PlaceName name={p.name} />
            </span>
            {p.emirate ? <span className="muted"> · {emirateName(p.emirate)}</span> : null}
          </li>
        ))}
      </ul>
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
