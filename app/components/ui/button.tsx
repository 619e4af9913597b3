import type { ButtonHTMLAttributes } from "react";

const VARIANTS = {
  primary: "bg-sky-800 text-white hover:bg-sky-900 disabled:bg-slate-400",
  secondary: "border border-slate-300 bg-white text-slate-900 hover:bg-slate-100",
  danger: "bg-red-700 text-white hover:bg-red-800",
  ghost: "text-slate-700 hover:bg-slate-100",
  dangerOutline: "border border-red-300 text-red-800 hover:bg-red-50",
} as const;

export type ButtonVariant = keyof typeof VARIANTS;

/**
 * A button's look, for a <button> and for a link that acts as one ("Start a dossier"): 44 px tall on a phone
 * (ui/targets.ts), 36 px from sm up as before.
 */
export function buttonClass(variant: ButtonVariant = "primary", className = ""): string {
  return `inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium transition-colors disabled:cursor-not-allowed sm:min-h-9 sm:min-w-0 ${VARIANTS[variant]} ${className}`;
}

export function Button({ variant = "primary", className = "", ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return <button className={buttonClass(variant, className)} {...props} />;
}
