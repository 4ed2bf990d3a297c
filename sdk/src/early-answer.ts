/**
 * A tool page answers its form before the app has started (decision 084): the page's entry script
 * runs the tool's compute on the form's fields and writes the result's text in the outcome's place,
 * until the app takes the page over and shows its own. These attributes, written by `useToolForm`
 * and `ToolOutcome` into the prerendered HTML, are what that script reads.
 */

/** On every tool's `<form>` (`useToolForm`): the tool's slug. */
export const TOOL_FORM = 'data-tool-form';
/** On a tool's `<form>`: the tool's slug, when the form can be answered before the app runs. */
export const EARLY_FORM = 'data-early-answer';
/** On that form: its initial values as JSON (a value with no field on the page keeps its initial one). */
export const EARLY_INITIAL = 'data-early-initial';
/** On the element inside `ToolOutcome` that holds that answer (emptied once the app shows its own). */
export const EARLY_OUTCOME = 'data-early-outcome';
/**
 * On a `<script type="application/json">` in the page's `<head>` (written by the build): the URL of
 * the compute module of each tool whose form the page answers, by slug. The page's entry runs it on
 * the main thread (decision 093).
 */
export const EARLY_COMPUTES = 'data-early-computes';
