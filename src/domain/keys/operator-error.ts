/** A refusal of an operator action (the command line), printed as is rather than as an API error. */
export class OperatorError extends Error {}
