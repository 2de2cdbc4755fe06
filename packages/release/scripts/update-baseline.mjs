#!/usr/bin/env node
// Makes the current bundle (spec/dist/openapi.json) and package versions the released baseline.
// The release script runs it after `changeset publish`; commit spec/released/ afterwards.
import { fileURLToPath } from "node:url";
import { writeBaseline } from "../dist/baseline.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));
console.log(`baseline written to ${writeBaseline(root)}`);
