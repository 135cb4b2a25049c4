/** The shape an `en` namespace must have: the `zh` one with every text a string. */
export type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> }
