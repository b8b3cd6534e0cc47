import type { Address } from '@souq/contracts';
import { HomeIcon, OfficeIcon, PinIcon } from './icons';

export const ADDRESS_TYPES = ['home', 'office', 'other'] as const satisfies ReadonlyArray<Address['address_type']>;

export function AddressTypeIcon({ type, size = 18 }: { type: Address['address_type']; size?: number }) {
  if (type === 'home') return <HomeIcon size={size} />;
  if (type === 'office') return <OfficeIcon size={size} />;
  return <PinIcon size={size} />;
}

/** Parts of an address, each isolated so mixed Arabic and Latin text keeps its order. */
export function JoinedParts({ parts, separator }: { parts: Array<string | null | undefined>; separator: string }) {
  const list = parts.filter((p): p is string => Boolean(p));
  return (
    <>
      {list.map((p, i) => (
        <span key={i}>
          {i > 0 ? separator : null}
          <bdi>{p}</bdi>
        </span>
      ))}
    </>
  );
}
