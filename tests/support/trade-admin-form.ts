import type { Db } from "~/db/client.server";
import { formValues, parseInput } from "~/lib/command-result";
import type { SessionUser } from "~/modules/accounts/accounts.schema";
import {
  ADD_ADDITIONAL_DUTY_FIELDS,
  ADD_DUTY_RATE_FIELDS,
  ADD_FEE_FIELDS,
  ADD_FREIGHT_RATE_FIELDS,
  addAdditionalDutySchema,
  addDutyRateSchema,
  addFeeSchema,
  addFreightRateSchema,
  END_ROW_FIELDS,
  endRowSchema,
  IMPORT_HTS_FIELDS,
  importHtsSchema,
} from "~/modules/trade/trade-admin.schema";
import {
  addAdditionalDuty,
  addDutyRate,
  addFee,
  addFreightRate,
  endDutyRow,
  importHtsRates,
} from "~/modules/trade/trade-admin.server";

/** The /admin/trade-data forms posted as its action takes them: the form's schema, then the command. */
export function postAddFee(db: Db, actor: SessionUser, form: FormData) {
  const input = parseInput(addFeeSchema, formValues(form, ADD_FEE_FIELDS));
  return input.ok ? addFee(db, actor, input.value) : input;
}

export function postAddDutyRate(db: Db, actor: SessionUser, form: FormData) {
  const input = parseInput(addDutyRateSchema, formValues(form, ADD_DUTY_RATE_FIELDS));
  return input.ok ? addDutyRate(db, actor, input.value) : input;
}

export function postAddAdditionalDuty(db: Db, actor: SessionUser, form: FormData) {
  const input = parseInput(addAdditionalDutySchema, formValues(form, ADD_ADDITIONAL_DUTY_FIELDS));
  return input.ok ? addAdditionalDuty(db, actor, input.value) : input;
}

export function postEndDutyRow(db: Db, actor: SessionUser, form: FormData, table: "duty" | "additional") {
  const input = parseInput(endRowSchema, formValues(form, END_ROW_FIELDS));
  return input.ok ? endDutyRow(db, actor, input.value, table) : input;
}

export function postAddFreightRate(db: Db, actor: SessionUser, form: FormData) {
  const input = parseInput(addFreightRateSchema, formValues(form, ADD_FREIGHT_RATE_FIELDS));
  return input.ok ? addFreightRate(db, actor, input.value) : input;
}

export function postImportHts(db: Db, actor: SessionUser, form: FormData) {
  const input = parseInput(importHtsSchema, formValues(form, IMPORT_HTS_FIELDS));
  const file = form.get("file");
  return input.ok ? importHtsRates(db, actor, input.value, file instanceof File ? file : null) : input;
}
