import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user as userTable } from "~/db/schema/auth";
import { profiles } from "~/db/schema/profiles";
import { formValues, parseInput } from "~/lib/command-result";
import { createBuyer, createSeller, type Account, actorOf as actor } from "../../../seed/factories/users";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { refuseNonSeller } from "~/modules/products/product-commands.server";
import { accountView, addRoleSchema, completeProfileSchema, profileUpdateSchema, type Actor } from "./accounts.schema";
import { emailVerificationRequired } from "./auth.server";
import { addOwnRole, completeOwnProfile, ROLE_MESSAGES, updateOwnProfile } from "./profile-commands.server";
import { findProfile } from "./profiles.server";
import { refuseNonSellerVerification } from "./verification.server";

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
    expect(profile).toMatchObject({
      companyName: "Rao Trading",
      isSeller: true,
      isBuyer: false,
      profileCompleted: true,
    });
  });

  it("adds selling to a buyer's account, keeping its buying and sign-in; a buyer's verification does not carry over", async () => {
    const shopper = await createBuyer(database.db, { companyName: "Harbor Goods" });
    expect(shopper.profile).toMatchObject({ isBuyer: true, isSeller: false, verificationStatus: "verified" });
    expect(refuseNonSeller(actor(shopper))).toMatchObject({ status: 403 });
    expect(await addOwnRole(database.db, actor(shopper), { role: "seller" })).toEqual({
      ok: true,
      message: ROLE_MESSAGES.seller,
      value: undefined,
    });
    const found = await findProfile(database.db, shopper.user.id);
    expect(found).toMatchObject({
      isBuyer: true,
      isSeller: true,
      verificationStatus: "pending",
      userId: shopper.user.id,
    });
    const now: Actor = { ...actor(shopper), profile: found! };
    // the seller checks let it in, on the same account
    expect(refuseNonSeller(now)).toBeNull();
    expect(refuseNonSellerVerification(now)).toBeNull();
    expect(await addOwnRole(database.db, now, { role: "seller" })).toMatchObject({
      ok: false,
      status: 409,
      message: ROLE_MESSAGES.already.seller,
    });
  });

  it("adds buying to a seller's account, leaving its verification as it was", async () => {
    const supplier = await createSeller(database.db, {});
    expect(await addOwnRole(database.db, actor(supplier), { role: "buyer" })).toMatchObject({ ok: true });
    expect(await findProfile(database.db, supplier.user.id)).toMatchObject({
      isBuyer: true,
      isSeller: true,
      verificationStatus: "verified",
    });
    expect(parseInput(addRoleSchema, { role: "admin" })).toMatchObject({ ok: false, status: 400 });
  });

  it("keeps every account in at least one role", async () => {
    await expect(
      database.db.update(profiles).set({ isBuyer: false, isSeller: false }).where(eq(profiles.userId, buyer.user.id)),
    ).rejects.toThrow();
  });
});

describe("which side of an account a page shows", () => {
  it("shows the side asked for when the account holds it, else selling first", () => {
    expect(accountView({ isBuyer: true, isSeller: true })).toBe("seller");
    expect(accountView({ isBuyer: true, isSeller: true }, "buyer")).toBe("buyer");
    expect(accountView({ isBuyer: true, isSeller: false }, "seller")).toBe("buyer");
    expect(accountView({ isBuyer: false, isSeller: true }, "buyer")).toBe("seller");
  });
});

describe("e-mail confirmation", () => {
  it("is on by default (every configuration delivers mail: SMTP or the outbox), off only when set to false", () => {
    expect(emailVerificationRequired({})).toBe(true);
    expect(emailVerificationRequired({ AUTH_REQUIRE_EMAIL_VERIFICATION: "true" })).toBe(true);
    expect(emailVerificationRequired({ AUTH_REQUIRE_EMAIL_VERIFICATION: "false" })).toBe(false);
    expect(emailVerificationRequired({ AUTH_REQUIRE_EMAIL_VERIFICATION: " FALSE " })).toBe(false);
  });
});
