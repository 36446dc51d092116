/** The health module's public face (ADR 0047): what other modules and the composition may use. */
export { healthRoutes } from './health.routes';
