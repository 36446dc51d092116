/** The catalog module's public face (ADR 0047): what other modules and the composition may use. */
export { catalogModule, type TCatalogModule } from './catalog.plugin';
