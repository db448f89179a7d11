import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import SearchOutlined from '@ant-design/icons-svg/es/asn/SearchOutlined';
import { useRef } from 'react';
import { Glyph } from '../../components/glyph';

/**
 * antd's large `Input.Search` with its clear button, drawn and used without antd (the store's
 * first view fetches no antd): the same field, clear icon and search button, antd's class names.
 * Typing filters as it goes, so the button only puts the focus back in the field.
 */
export function StoreSearch(props: {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  className?: string;
}) {
  const field = useRef<HTMLInputElement>(null);
  return (
    <span
      className={`ant-input-group-wrapper ant-input-search ant-input-search-large inline-block w-full text-start align-top${
        props.className ? ` ${props.className}` : ''
      }`}
    >
      <span className="ant-input-wrapper ant-input-group flex w-full">
        <span className="ant-input-affix-wrapper ant-input-affix-wrapper-lg relative z-[1] flex h-10 min-w-0 flex-1 items-center rounded-s-[10px] border border-[#2a2a33] bg-[#141419] px-[11px] py-[7px] text-base leading-6 text-white/88 transition-colors hover:border-[var(--accent)] focus-within:border-[var(--accent)] focus-within:shadow-[0_0_0_2px_rgba(124,108,242,0.2)]">
          <input
            ref={field}
            type="search"
            value={props.value}
            onChange={(e) => props.onChange(e.target.value)}
            placeholder={props.placeholder}
            aria-label={props.placeholder}
            className="ant-input ant-input-lg min-w-0 flex-1 border-0 bg-transparent p-0 text-base leading-6 text-white/88 outline-none placeholder:text-white/25 [&::-webkit-search-cancel-button]:hidden"
          />
          <span className="ant-input-suffix ms-1 flex items-center">
            <button
              type="button"
              tabIndex={-1}
              aria-label="clear"
              onClick={() => {
                props.onChange('');
                field.current?.focus();
              }}
              className={`ant-input-clear-icon flex cursor-pointer border-0 bg-transparent p-0 text-xs text-white/25 hover:text-white/45 ${
                props.value ? '' : 'invisible'
              }`}
            >
              <Glyph icon={CloseCircleFilled} />
            </button>
          </span>
        </span>
        <span className="ant-input-group-addon -ms-px flex">
          <button
            type="button"
            aria-label={props.placeholder}
            onClick={() => field.current?.focus()}
            className="ant-btn ant-input-search-button flex h-10 w-10 cursor-pointer items-center justify-center rounded-e-[10px] border border-[#2a2a33] bg-[#141419] text-base text-white/45 transition-colors hover:border-[var(--accent)] hover:text-[var(--accent)]"
          >
            <Glyph icon={SearchOutlined} />
          </button>
        </span>
      </span>
    </span>
  );
}
