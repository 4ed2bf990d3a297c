/**
 * The tallest person measured was 2.72 m: a height above these is a slip (175 typed as metres
 * means centimetres), and its BMI of 0.0 would read as a real answer.
 */
export const MAX_HEIGHT_M = 3;
export const MAX_HEIGHT_INCHES = 120;
/**
 * The heaviest person recorded weighed about 635 kg: a weight above these is a slip (a figure
 * typed twice, grams as kilograms), and its BMI, in the millions, would read as an answer.
 */
export const MAX_WEIGHT_KG = 1000;
export const MAX_WEIGHT_LBS = 2200;
