import table from '../../../resources/moss-rates.json';
import { MOSS_COUNTRIES, type MossCountry } from '../../../shared/api/bank_transaction_explanations';

export { MOSS_COUNTRIES, type MossCountry };

/** The day the mini one stop shop began; no MOSS rate applies before it. */
export const MOSS_START = '2015-01-01';

export type MossBand = 'Standard' | 'Reduced' | 'Parking' | 'Super Reduced';

export interface MossRate {
  band: MossBand;
  /** Decimal text as the service writes it: "20.0", "13.5". */
  percentage: string;
}

interface DatedRate extends MossRate {
  /** First day the rate applies, YYYY-MM-DD. */
  from: string;
  /** Last day, when it has ended. */
  to?: string;
}

const RATES = table.countries as Readonly<Record<MossCountry, readonly DatedRate[]>>;

const BAND_ORDER: readonly MossBand[] = ['Standard', 'Reduced', 'Parking', 'Super Reduced'];

/** The list's spelling of a country named in any letter case, or undefined when it is not on the list. */
export function mossCountry(name: string): MossCountry | undefined {
  const wanted = name.trim().toLowerCase();
  return MOSS_COUNTRIES.find((country) => country.toLowerCase() === wanted);
}

/**
 * The VAT rates a country applied on a date (YYYY-MM-DD), standard first, then reduced from lowest to
 * highest, then parking and super reduced, as the live service orders them. Before MOSS began there
 * are none.
 */
export function mossRatesOn(country: MossCountry, date: string): MossRate[] {
  if (date < MOSS_START) return [];
  return RATES[country]
    .filter((rate) => rate.from <= date && (rate.to === undefined || date <= rate.to))
    .sort((a, b) => BAND_ORDER.indexOf(a.band) - BAND_ORDER.indexOf(b.band) || Number(a.percentage) - Number(b.percentage))
    .map(({ band, percentage }) => ({ band, percentage }));
}
