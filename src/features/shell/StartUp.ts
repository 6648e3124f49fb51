import { MODULE_ISLAND } from '@/build/module-island/server';
import './start-up';

/** Start-up as a module island: `<StartUp client:paint />` runs it once the page has painted (start-up.ts). */
export default { [MODULE_ISLAND]: true };
