/** The feedback module's public face (ADR 0047): what other modules and the composition may use. */

export { feedbackModule } from './feedback.plugin';
export type { TFeedbackRow } from './feedback.repository';
