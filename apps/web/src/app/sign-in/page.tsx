import { AuthForms } from "~/components/auth-forms";
import { SiteHeader } from "~/components/site-header";

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ upgrade?: string }>;
}) {
  const { upgrade } = await searchParams;
  return (
    <>
      <SiteHeader />
      <AuthForms startWith={upgrade === undefined ? "sign-in" : "sign-up"} />
    </>
  );
}
