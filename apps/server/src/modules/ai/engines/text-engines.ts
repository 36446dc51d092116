import type { TAiEngine } from '../ai-engine';
import { createPromptOptimizeEngine } from './prompt-optimize.engine';
import { createTextToLogoEngine } from './text-to-logo.engine';

/**
 * The local engines that start from text (DESIGN 5): text-to-logo and
 * rule-based prompt optimisation. Both run on the event loop: a logo takes
 * milliseconds once the fonts are parsed (about a second, once per process),
 * and the prompt rules take microseconds.
 */
export const createLocalTextEngines = (): TAiEngine[] => [
  createTextToLogoEngine(),
  createPromptOptimizeEngine(),
];
