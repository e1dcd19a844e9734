/** The shape every language's texts must have: the English tree with every leaf a string. */
export type { Texts } from './en/index';

export type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
