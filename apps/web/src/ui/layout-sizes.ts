// Sizes the frame and the pages agree on, so a sticky column or bar sits just below the top bar, and toasts stay
// clear of a page's sticky action bar.

/** Height of the sticky top bar; sticky columns sit just below it. */
export const TOP_BAR_HEIGHT = '3.5rem';

/**
 * Room kept at the bottom of the window for a form's sticky action bar (Save, Discard, Delete): toasts open above
 * it (spec 1 §8 puts them at the bottom) instead of over its buttons.
 */
export const ACTION_BAR_CLEARANCE = '5rem';
