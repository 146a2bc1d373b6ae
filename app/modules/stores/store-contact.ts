export type SellerContact = { href: string; label: string; external: boolean };

/**
 * Where 'Contact Seller' leads: an e-mail to the store (with a subject naming it) when it has an address,
 * else a call to its phone, else its website. Null when the store gave none of them.
 */
export function sellerContact(store: {
  name: string;
  email?: string | null;
  phone?: string | null;
  website?: string | null;
}): SellerContact | null {
  const email = store.email?.trim();
  if (email && /^[^\s@?&#/:]+@[^\s@?&#/:]+$/.test(email)) {
    return {
      href: `mailto:${email}?subject=${encodeURIComponent(`Enquiry via Setu: ${store.name}`)}`,
      label: `Email ${email}`,
      external: false,
    };
  }
  const digits = store.phone?.replace(/[^\d+]/g, "") ?? "";
  if (/^\+?\d{6,15}$/.test(digits))
    return { href: `tel:${digits}`, label: `Call ${store.phone!.trim()}`, external: false };
  const website = store.website?.trim();
  if (website && /^https?:\/\/[^\s]+$/i.test(website))
    return { href: website, label: `Visit ${website}`, external: true };
  return null;
}
