import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'csv-parse/sync';
import { readableName } from './nonprofit-name';

export interface NonprofitRecord {
  /** Nine digits, no dash. */
  ein: string;
  /** Readable (title case) name. */
  name: string;
  city: string;
  state: string;
  category: string;
  revenueCents: number;
}

interface SearchableRecord extends NonprofitRecord {
  nameKey: string;
  cityKey: string;
}

interface CsvRow {
  ein: string;
  name: string;
  city: string;
  state: string;
  category: string;
  revenue_amt: string;
}

/** The bundled IRS data set (libs/charities/data/README.md says where it comes from and its licence). */
export const BUNDLED_NONPROFITS_CSV = resolve(__dirname, '../../data/nonprofits.csv');

const normalise = (value: string) => value.toLowerCase().replace(/\s+/g, ' ').trim();
const digitsOnly = (value: string) => value.replace(/[^0-9]/g, '');

/**
 * The nonprofits a member may direct a tournament's donation to, until the charities issue brings
 * favorites and verified charities: the bundled data set (about 5,000 rows), read once on first use
 * and kept in memory.
 */
export class NonprofitDirectory {
  private records: SearchableRecord[] | undefined;
  private byEin: Map<string, SearchableRecord> | undefined;

  constructor(private readonly csvPath: string = BUNDLED_NONPROFITS_CSV) {}

  private load(): SearchableRecord[] {
    if (!this.records) {
      const rows: CsvRow[] = parse(readFileSync(this.csvPath), { columns: true, skip_empty_lines: true });
      this.records = rows.map((row) => {
        const name = readableName(row.name);
        return {
          ein: row.ein,
          name,
          city: readableName(row.city),
          state: row.state,
          category: row.category,
          revenueCents: Math.max(0, Math.round(Number(row.revenue_amt) * 100) || 0),
          nameKey: normalise(row.name),
          cityKey: normalise(row.city),
        };
      });
      this.byEin = new Map(this.records.map((record) => [record.ein, record]));
    }
    return this.records;
  }

  /** An EIN with or without its dash ("12-3456789"); undefined when the data set has no such nonprofit. */
  findByEin(ein: string): NonprofitRecord | undefined {
    this.load();
    const digits = digitsOnly(ein);
    if (digits.length !== 9 || digits !== ein.replace('-', '')) return undefined;
    const record = this.byEin!.get(digits);
    return record ? publicRecord(record) : undefined;
  }

  /**
   * Case-insensitive on name, EIN and city: every word of the term must match one of them. Ranked by
   * how well the name matches (the whole EIN, then a name starting with the term, then a word of the
   * name starting with it, then anywhere), then by revenue (the better-known first), then by name.
   * An empty term lists the largest nonprofits.
   */
  search(term: string, limit: number): NonprofitRecord[] {
    const records = this.load();
    const words = normalise(term).split(' ').filter(Boolean);
    const phrase = words.join(' ');
    const ranked: Array<{ record: SearchableRecord; rank: number }> = [];
    for (const record of records) {
      const rank = words.length === 0 ? 0 : matchRank(record, words, phrase);
      if (rank !== undefined) ranked.push({ record, rank });
    }
    ranked.sort(
      (a, b) =>
        a.rank - b.rank ||
        b.record.revenueCents - a.record.revenueCents ||
        a.record.name.localeCompare(b.record.name),
    );
    return ranked.slice(0, Math.max(0, limit)).map(({ record }) => publicRecord(record));
  }
}

/** Lower is better; undefined when a word of the term matches nothing. */
function matchRank(record: SearchableRecord, words: string[], phrase: string): number | undefined {
  const termDigits = digitsOnly(phrase);
  if (termDigits.length === 9 && termDigits === record.ein) return 0;
  for (const word of words) {
    const digits = digitsOnly(word);
    const matches =
      record.nameKey.includes(word) ||
      record.cityKey.includes(word) ||
      (digits.length > 0 && digits === word.replace('-', '') && record.ein.includes(digits));
    if (!matches) return undefined;
  }
  if (record.nameKey.startsWith(phrase)) return 1;
  if (record.nameKey.includes(` ${phrase}`)) return 2;
  if (record.nameKey.includes(phrase)) return 3;
  return 4;
}

function publicRecord({ ein, name, city, state, category, revenueCents }: SearchableRecord): NonprofitRecord {
  return { ein, name, city, state, category, revenueCents };
}
