import { returnPathAfterSignIn, routes } from '@app/contracts';

/** The provider sign-in's address: it lands back on `pathname` when that is a published assistant's page. */
export const oidcLoginHref = (pathname: string): string => {
  const back = returnPathAfterSignIn(pathname);
  return back === '/' ? routes.oidcLogin : `${routes.oidcLogin}?returnTo=${encodeURIComponent(back)}`;
};
