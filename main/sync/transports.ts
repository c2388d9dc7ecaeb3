import type { Family, TransportKind } from './family';
import { pullFamily, pullNewRecord } from './pull';
import { pushRecords } from './push';
import { pullLine, pullStatementLines, pushStatementLines } from './statement-lines';
import type { FamilyTransport } from './context';

const TRANSPORTS: Readonly<Record<TransportKind, FamilyTransport>> = {
  records: { pull: pullFamily, push: pushRecords, pullNew: pullNewRecord },
  'statement-upload': { pull: pullStatementLines, push: pushStatementLines, pullNew: pullLine },
};

/** The transport a family declares (records unless it says otherwise). */
export const transportOf = (family: Family): FamilyTransport => TRANSPORTS[family.transport ?? 'records'];
