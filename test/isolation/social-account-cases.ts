import type { IsolationCase } from "../support/isolation.js";

export const socialAccountCases: IsolationCase[] = [];
