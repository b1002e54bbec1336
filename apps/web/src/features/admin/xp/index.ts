// The xp section of detail forms (spec 2 §3 "Extended properties (xp)", §4, §8).
export { replacementBody, useXpForm, withRemovedXp, type XpForm } from './use-xp-form';
export { XpReadingProgress } from './xp-reading-progress';
