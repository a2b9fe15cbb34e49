/**
 * Catalog relations svc has nothing to put in — no column defaults, indexes in PostgreSQL's sense,
 * constraints, inheritance, triggers, rules, policies, statistics objects, publications, extensions,
 * comments, enums, sequences, role memberships — with PostgreSQL's columns, so the queries tools send about them work and
 * find no rows.
 */
import { textArrayType, Types } from '../../core/data/column-type';
import { relation } from './catalog-relation';

const I = Types.INT, S = Types.STRING, B = Types.BOOLEAN, SH = Types.SHORT;
/** Array columns (array text): int2vector / int2[] of column numbers, oidvector / oid[], text[]. */
const SHORTS = textArrayType(SH), OIDS = textArrayType(I), TEXTS = textArrayType(S);

export const emptyRelations = [
  relation('pg_attrdef', [['oid', I, null], ['adrelid', I, null], ['adnum', SH, null], ['adbin', S, null]]),
  relation('pg_index', [['indexrelid', I, null], ['indrelid', I, null], ['indnatts', SH, null], ['indnkeyatts', SH, null],
    ['indisunique', B, null], ['indisprimary', B, null], ['indisexclusion', B, null], ['indimmediate', B, null],
    ['indisclustered', B, null], ['indisvalid', B, null], ['indcheckxmin', B, null], ['indisready', B, null], ['indislive', B, null],
    ['indisreplident', B, null], ['indkey', SHORTS, null], ['indcollation', OIDS, null], ['indclass', OIDS, null], ['indoption', SHORTS, null],
    ['indexprs', S, null], ['indpred', S, null]]),
  relation('pg_constraint', [['oid', I, null], ['conname', S, null], ['connamespace', I, null], ['contype', S, null],
    ['condeferrable', B, null], ['condeferred', B, null], ['convalidated', B, null], ['conrelid', I, null], ['contypid', I, null],
    ['conindid', I, null], ['conparentid', I, null], ['confrelid', I, null], ['confupdtype', S, null], ['confdeltype', S, null],
    ['confmatchtype', S, null], ['conislocal', B, null], ['coninhcount', I, null], ['connoinherit', B, null], ['conkey', SHORTS, null],
    ['confkey', SHORTS, null], ['conbin', S, null]]),
  relation('pg_inherits', [['inhrelid', I, null], ['inhparent', I, null], ['inhseqno', I, null], ['inhdetachpending', B, null]]),
  relation('pg_trigger', [['oid', I, null], ['tgrelid', I, null], ['tgname', S, null], ['tgfoid', I, null], ['tgtype', SH, null],
    ['tgenabled', S, null], ['tgisinternal', B, null], ['tgconstraint', I, null]]),
  relation('pg_rewrite', [['oid', I, null], ['rulename', S, null], ['ev_class', I, null], ['ev_type', S, null], ['ev_enabled', S, null], ['is_instead', B, null]]),
  relation('pg_policy', [['oid', I, null], ['polname', S, null], ['polrelid', I, null], ['polcmd', S, null], ['polpermissive', B, null],
    ['polroles', OIDS, null], ['polqual', S, null], ['polwithcheck', S, null]]),
  relation('pg_statistic_ext', [['oid', I, null], ['stxrelid', I, null], ['stxname', S, null], ['stxnamespace', I, null],
    ['stxowner', I, null], ['stxstattarget', I, null], ['stxkeys', SHORTS, null], ['stxkind', S, null], ['stxexprs', S, null]]),
  relation('pg_publication', [['oid', I, null], ['pubname', S, null], ['pubowner', I, null], ['puballtables', B, null],
    ['pubinsert', B, null], ['pubupdate', B, null], ['pubdelete', B, null], ['pubtruncate', B, null], ['pubviaroot', B, null]]),
  relation('pg_publication_rel', [['oid', I, null], ['prpubid', I, null], ['prrelid', I, null]]),
  relation('pg_extension', [['oid', I, null], ['extname', S, null], ['extowner', I, null], ['extnamespace', I, null],
    ['extrelocatable', B, null], ['extversion', S, null], ['extconfig', OIDS, null], ['extcondition', TEXTS, null]]),
  relation('pg_description', [['objoid', I, null], ['classoid', I, null], ['objsubid', I, null], ['description', S, null]]),
  relation('pg_enum', [['oid', I, null], ['enumtypid', I, null], ['enumsortorder', Types.FLOAT, null], ['enumlabel', S, null]]),
  relation('pg_sequence', [['seqrelid', I, null], ['seqtypid', I, null], ['seqstart', Types.LONG, null], ['seqincrement', Types.LONG, null],
    ['seqmax', Types.LONG, null], ['seqmin', Types.LONG, null], ['seqcache', Types.LONG, null], ['seqcycle', B, null]]),
  relation('pg_foreign_table', [['ftrelid', I, null], ['ftserver', I, null], ['ftoptions', S, null]]),
  relation('pg_partitioned_table', [['partrelid', I, null], ['partstrat', S, null], ['partnatts', SH, null], ['partdefid', I, null]]),
  relation('pg_matviews', [['schemaname', S, null], ['matviewname', S, null], ['matviewowner', S, null], ['tablespace', S, null],
    ['hasindexes', B, null], ['ispopulated', B, null], ['definition', S, null]]),
  relation('pg_auth_members', [['oid', I, null], ['roleid', I, null], ['member', I, null], ['grantor', I, null], ['admin_option', B, null]]),
  relation('pg_views', [['schemaname', S, null], ['viewname', S, null], ['viewowner', S, null], ['definition', S, null]]),
];
