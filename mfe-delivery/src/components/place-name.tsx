/** Any letter of the Arabic script. */
const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF]/;

/**
 * A place's name as the data writes it. Most places have no Arabic name in the data packages
 * (api/README.md "Map data and gazetteer"), so an Arabic page shows their Latin name: it is then
 * marked as written in English and not for translation (translate="no", like a name on a passport),
 * isolated left to right inside the Arabic sentence.
 */
export function PlaceName({ name }: { name: string }) {
  if (ARABIC.test(name)) return <>{name}</>;
  return (
    <bdi dir="ltr" lang="en" translate="no">
      {name}
    </bdi>
  );
}
