import { Link } from "react-router";
import { useLocalizedPath } from "~/lib/use-locale";

export function Brand() {
  const lp = useLocalizedPath();
  return (
    <Link to={lp("/")} className="flex min-h-11 items-center gap-2 font-semibold text-sky-900">
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <span>Casus</span>
    </Link>
  );
}
