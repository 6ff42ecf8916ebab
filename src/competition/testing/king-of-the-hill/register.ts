import { formatCatalog } from '../../formats/registry';
import { kingOfTheHillEntry } from './king-of-the-hill';

/** Registers the test-only format, here and (as this module is named) in every worker thread. Loaded before the app starts. */
if (!formatCatalog.has(kingOfTheHillEntry.name)) formatCatalog.register(kingOfTheHillEntry, __filename);
