import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from "react";

/** A labelled input with its error message wired up for screen readers; `mark` follows the label (a "(required)"). */
export function Field({
  label,
  error,
  hint,
  mark,
  ref,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: string; mark?: ReactNode; ref?: Ref<HTMLInputElement> }) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
        {mark}
      </label>
      <input
        id={id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm aria-[invalid=true]:border-red-600"
        {...input}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
