import type { IsolationCase } from "../support/isolation.js";

export const connectCases: IsolationCase[] = [];
