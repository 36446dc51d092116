/** The admin module's public face (ADR 0047): what other modules and the composition may use. */
export { adminModule } from './admin.plugin';
