import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user as userTable } from "~/db/schema/auth";
import { profiles } from "~/db/schema/profiles";
import { formValues, parseInput } from "~/lib/command-result";
import { createBuyer, type Account, actorOf as actor } from "../../../seed/factories/users";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { completeProfileSchema, profileUpdateSchema } from "./accounts.schema";
import { completeOwnProfile, updateOwnProfile } from "./profile-commands.server";

const form = (values: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return f;
};

describe("the profile forms read by their schemas (as /profile and /auth/complete-profile do)", () => {
  it("refuses each wrong field with its own message, status 400, the first one as the form's", () => {
    const refused = parseInput(
      profileUpdateSchema,
      formValues(form({ fullName: " ", companyName: "", phone: "call me" }), ["fullName", "companyName", "phone"]),
    );
    expect(refused).toEqual({
      ok: false,
      status: 400,
      message: "Please enter your full name",
      fieldErrors: {
        fullName: "Please enter your full name",
        companyName: "Please enter your company name",
        phone: "Please enter a valid phone number",
      },
    });
    expect(parseInput(completeProfileSchema, { companyName: "Acme", userType: "admin" })).toMatchObject({
      ok: false,
      fieldErrors: { userType: "Please choose how you will use Setu" },
    });
  });

  it("gives the typed input: trimmed text, an empty phone as none", () => {
    expect(parseInput(profileUpdateSchema, { fullName: " Asha Rao ", companyName: "Rao Exports", phone: "" })).toEqual({
      ok: true,
      value: { fullName: "Asha Rao", companyName: "Rao Exports", phone: null },
    });
  });
});

describe.each(testEngines())("profile commands on %s", (engine) => {
  let database: TestDatabase;
  let buyer: Account;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    buyer = await createBuyer(database.db, { fullName: "Old Name", companyName: "Old Co" });
  });
  afterAll(() => database.drop());

  it("updates the actor's own profile and user name from the typed input", async () => {
    expect(
      await updateOwnProfile(database.db, actor(buyer), {
        fullName: "Asha Rao",
        companyName: "Rao Exports",
        phone: "+91 98200 00000",
      }),
    ).toEqual({ ok: true, message: "Profile updated successfully!", value: undefined });
    const [profile] = await database.db.select().from(profiles).where(eq(profiles.userId, buyer.user.id));
    expect(profile).toMatchObject({ fullName: "Asha Rao", companyName: "Rao Exports", phone: "+91 98200 00000" });
    const [row] = await database.db.select().from(userTable).where(eq(userTable.id, buyer.user.id));
    expect(row!.name).toBe("Asha Rao");
  });

  it("completes only a profile not yet completed", async () => {
    await database.db.update(profiles).set({ profileCompleted: false }).where(eq(profiles.userId, buyer.user.id));
    expect(
      await completeOwnProfile(database.db, actor(buyer), { companyName: "Rao Trading", userType: "seller" }),
    ).toMatchObject({ ok: true });
    await completeOwnProfile(database.db, actor(buyer), { companyName: "Changed Again", userType: "buyer" });
    const [profile] = await database.db.select().from(profiles).where(eq(profiles.userId, buyer.user.id));
    expect(profile).toMatchObject({ companyName: "Rao Trading", userType: "seller", profileCompleted: true });
  });
});
