/** The model's input: square RGB images of this many pixels a side. Kept apart so tf-free code can use it. */
export const INPUT_SIZE = 64;
