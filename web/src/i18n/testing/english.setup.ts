/**
 * Jest set-up of the web project: the English catalog, compiled as the build compiles it, is the
 * active one, so that the specs of code that words things read what a person reads.
 */
import { compileCatalog } from '../../../build/catalogs.js';
import { activateCatalog } from '../i18n.js';

activateCatalog('en', compileCatalog('en'));
