import '../../../i18n/lazy/publish';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Select from 'antd/es/select';
import TreeSelect from 'antd/es/tree-select';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCategoryTree, useMachineGroups, useMaterials } from '../publish-api';

interface TPickerProps {
  id?: string;
  value?: number[];
  onChange?: (value: number[]) => void;
}

/** SPEC 3: machines come in groups; several may be chosen. */
export function MachinePicker({ id, value, onChange }: TPickerProps) {
  const { t } = useTranslation('publish');
  const groups = useMachineGroups();
  const options = useMemo(
    () =>
      (groups.data ?? []).map((group) => ({
        label: group.name,
        title: group.name,
        options: group.machines.map((machine) => ({ label: machine.name, value: machine.ID })),
      })),
    [groups.data],
  );
  return (
    <Select
      id={id}
      mode="multiple"
      value={value}
      onChange={onChange}
      options={options}
      loading={groups.isPending}
      placeholder={t('placeholders.machines')}
      optionFilterProp="label"
      showSearch
      allowClear
      virtual={false}
    />
  );
}

/** SPEC 3 category tree (id, name, Children); parents and children may both be chosen. */
export function CategoryPicker({ id, value, onChange }: TPickerProps) {
  const { t } = useTranslation('publish');
  const tree = useCategoryTree();
  const treeData = useMemo(
    () =>
      (tree.data ?? []).map((parent) => ({
        title: parent.name,
        value: parent.id,
        key: parent.id,
        children: (parent.Children ?? []).map((child) => ({
          title: child.name,
          value: child.id,
          key: child.id,
        })),
      })),
    [tree.data],
  );
  return (
    <TreeSelect
      id={id}
      multiple
      value={value}
      onChange={onChange}
      treeData={treeData}
      loading={tree.isPending}
      placeholder={t('placeholders.categories')}
      treeDefaultExpandAll
      treeNodeFilterProp="title"
      showSearch
      allowClear
      virtual={false}
    />
  );
}

/** The pickers need the catalog; when a list fails to load the form says so and offers a retry. */
export function CatalogProblem() {
  const { t } = useTranslation(['publish', 'common']);
  const lists = [useMachineGroups(), useMaterials(), useCategoryTree()];
  const failed = lists.filter((list) => list.isError);
  if (failed.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      className="publish-catalog-problem"
      title={t('load.catalogFailed')}
      action={
        <Button size="small" onClick={() => failed.forEach((list) => void list.refetch())}>
          {t('common:retry')}
        </Button>
      }
    />
  );
}
