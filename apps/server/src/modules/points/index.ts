/** The points module's public face (ADR 0047): what other modules and the composition may use. */
export { adminGrantPoints, parsePointsDelta } from './points.admin';
export { changePoints, ensureDailyAllowance, type TAllowanceSettings } from './points.ledger';
export { pointsModule, type TPointsModule } from './points.plugin';
export type { PointsService, TPointsTasks } from './points.service';
